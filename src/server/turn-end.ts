/**
 * The end of a stretch of work: what the stretch held back for one system call (client socket writes,
 * the journal's Redis appends) is sent then. By default that is the end of the event-loop turn
 * (`setImmediate`, after the turn's I/O and timers). Work that itself runs in `setImmediate` (the
 * patch clock's and the message intake's later slices) ends its stretch with `endTurn()`: a
 * `setImmediate` queued from there would only run a whole turn later.
 */
const due: (() => void)[] = [];
let scheduled = false;

/** Runs `send` once the current stretch of work ends. */
export function atTurnEnd(send: () => void) {
  due.push(send);
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    endTurn();
  });
}

/** Ends the current stretch now: sends what it held back. */
export function endTurn() {
  if (due.length === 0) return;
  for (const send of due.splice(0)) send();
}
