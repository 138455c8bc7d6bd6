/** A whole-number command-line option within its bounds, or a clear error naming the option. */
export function intOption(args: Record<string, unknown>, name: string, min: number, max: number): number {
  const v = Number(args[name]);
  if (!Number.isInteger(v) || v < min || v > max) throw new Error(`--${name} must be an integer ${min}–${max}`);
  return v;
}
