/** Latency figures from an HDR histogram (microseconds in, milliseconds out) and an SVG histogram. */
import type { Histogram } from 'hdr-histogram-js';

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  mean: number;
}

const ms = (micros: number) => Math.round(micros / 10) / 100;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const sorted = xs.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(h: Histogram): LatencySummary {
  return {
    count: h.totalCount,
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.maxValue),
    mean: ms(h.mean),
  };
}

/**
 * Bars of the latency distribution on doubling buckets (0.25 ms, 0.5 ms, 1 ms …), counts on a log
 * scale so the tail stays visible, with the p50/p99 and max marked.
 */
export function latencySvg(h: Histogram, title: string): string {
  const edges: number[] = [250];
  while (edges.at(-1)! < Math.max(h.maxValue, 1000)) edges.push(edges.at(-1)! * 2);
  const counts = edges.map((upper, i) => countBetween(h, i === 0 ? 0 : edges[i - 1]!, upper));
  const W = 760;
  const H = 360;
  const left = 60;
  const bottom = 300;
  const barW = (W - left - 20) / edges.length;
  const maxLog = Math.log10(Math.max(...counts, 1) + 1);
  const y = (c: number) => bottom - (Math.log10(c + 1) / maxLog) * 240;
  const bars = counts
    .map((c, i) => {
      const x = left + i * barW;
      return `<rect x="${x + 2}" y="${y(c)}" width="${barW - 4}" height="${bottom - y(c)}" fill="#4a7bd0"><title>${c} bets ≤ ${ms(edges[i]!)} ms</title></rect>` +
        `<text x="${x + barW / 2}" y="${bottom + 16}" font-size="10" text-anchor="middle">${ms(edges[i]!)}</text>` +
        (c > 0 ? `<text x="${x + barW / 2}" y="${y(c) - 4}" font-size="9" text-anchor="middle">${c}</text>` : '');
    })
    .join('');
  const s = summarize(h);
  const marks = [`p50 ${s.p50} ms`, `p90 ${s.p90} ms`, `p99 ${s.p99} ms`, `max ${s.max} ms`, `${s.count} bets`].join(' · ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="24" font-size="14">${escape(title)}</text>
<text x="${left}" y="44" font-size="12">${marks}</text>
${bars}
<line x1="${left}" y1="${bottom}" x2="${W - 20}" y2="${bottom}" stroke="black"/>
<text x="${W / 2}" y="${bottom + 36}" font-size="11" text-anchor="middle">bet acknowledgement latency, upper bucket edge (ms)</text>
<text x="16" y="${bottom - 120}" font-size="11" transform="rotate(-90 16 ${bottom - 120})" text-anchor="middle">bets (log scale)</text>
</svg>
`;
}

/** Recorded values in (lower, upper] microseconds. */
function countBetween(h: Histogram, lower: number, upper: number): number {
  const below = (v: number) => (v <= 0 ? 0 : countAtOrBelow(h, v));
  return below(upper) - below(lower);
}

function countAtOrBelow(h: Histogram, value: number): number {
  // The histogram answers percentiles; binary-search the percentile whose value passes `value`.
  if (h.totalCount === 0) return 0;
  if (value >= h.maxValue) return h.totalCount;
  if (value < h.minNonZeroValue) return 0;
  let lo = 0;
  let hi = 100;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (h.getValueAtPercentile(mid) <= value) lo = mid;
    else hi = mid;
  }
  return Math.round((lo / 100) * h.totalCount);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
