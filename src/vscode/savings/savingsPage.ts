import { estimatedWithheldTokens, ShortenedRead } from '../../core/savings';
import type { SavingsPoint, SavingsTotals } from './savings';

/** Text made safe to place in HTML. */
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (n: number) => Math.round(n).toLocaleString('en');
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** "580-779 of 580-979": the lines shown of the lines asked (the guard always shows from the caller's own start). */
export const shownOfAsked = (r: ShortenedRead) => `${r.shown[0]}-${r.shown[1]} of ${r.shown[0]}-${r.askedEnd}`;

const WIDTH = 560;
const HEIGHT = 180;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };

/**
 * The chart: tokens withheld and tokens of the maps attached, each added up read after read,
 * oldest to newest, as two lines in inline SVG (no script, nothing fetched).
 */
export function savingsChart(series: readonly SavingsPoint[]): string {
  if (series.length === 0) return '<p class="empty">No read has been shortened in this workspace yet.</p>';
  const withheld = [0];
  const maps = [0];
  for (const p of series) {
    withheld.push(withheld[withheld.length - 1] + p.withheldTokens);
    maps.push(maps[maps.length - 1] + p.mapTokens);
  }
  const top = Math.max(1, withheld[withheld.length - 1], maps[maps.length - 1]);
  const x = (i: number) => PAD.left + (i / series.length) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => HEIGHT - PAD.bottom - (v / top) * (HEIGHT - PAD.top - PAD.bottom);
  const line = (values: number[]) => values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const axis = `<line class="axis" x1="${PAD.left}" y1="${y(0)}" x2="${WIDTH - PAD.right}" y2="${y(0)}"/><line class="axis" x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${y(0)}"/>`;
  const labels =
    `<text x="${PAD.left - 6}" y="${y(top) + 4}" text-anchor="end">${num(top)}</text>` +
    `<text x="${PAD.left - 6}" y="${y(0) + 4}" text-anchor="end">0</text>` +
    `<text x="${PAD.left}" y="${HEIGHT - 8}">${day(series[0].at)}</text>` +
    `<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${day(series[series.length - 1].at)} · ${num(series.length)} reads</text>`;
  return (
    `<svg role="img" aria-label="Tokens withheld and tokens of maps, read after read" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">` +
    `${axis}<polyline class="withheld" points="${line(withheld)}"/><polyline class="maps" points="${line(maps)}"/>${labels}</svg>` +
    `<p class="legend"><span class="key withheld"></span>tokens withheld (est.) <span class="key maps"></span>tokens of the maps attached</p>`
  );
}

/** The Show Savings page: totals and how each was obtained, the chart, the last reads. Nothing loads from anywhere: its one style is inline, under a nonce. */
export function savingsPage(s: SavingsTotals, nonce: string): string {
  const tokenizer = esc(s.tokenizers.join(', ') || 'o200k (gpt-tokenizer)');
  const total = (label: string, value: string, how: string) => `<tr><th>${label}</th><td class="n">${value}</td><td class="how">${how}</td></tr>`;
  const rows = s.last
    .map(
      (r) =>
        `<tr><td>${esc(r.path)}</td><td class="n">${shownOfAsked(r)}</td><td class="n">${num(r.withheldLines)}</td><td class="n">${num(r.withheldBytes)}</td>` +
        `<td class="n">~${num(estimatedWithheldTokens(r))}</td><td class="n">${num(r.mapTokens)}</td></tr>`,
    )
    .join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skim: savings</title>
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 20px 20px; }
h1 { font-size: 1.4em; font-weight: 600; } h2 { font-size: 1.1em; font-weight: 600; margin-top: 1.6em; }
table { border-collapse: collapse; } th, td { text-align: left; padding: 3px 14px 3px 0; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } td.how, .legend, .empty { color: var(--vscode-descriptionForeground); }
thead th { border-bottom: 1px solid var(--vscode-panel-border); font-weight: 600; }
svg text { fill: var(--vscode-descriptionForeground); font-size: 11px; } .axis { stroke: var(--vscode-panel-border); }
polyline { fill: none; stroke-width: 2; } polyline.withheld { stroke: var(--vscode-charts-green); } polyline.maps { stroke: var(--vscode-charts-orange); }
.key { display: inline-block; width: 12px; height: 3px; margin: 0 6px 3px 12px; } .key.withheld { background: var(--vscode-charts-green); } .key.maps { background: var(--vscode-charts-orange); }
</style></head><body>
<h1>Skim: savings in this workspace</h1>
<table class="totals">
${total('Reads shortened', num(s.reads), 'counted')}
${total('Lines withheld', num(s.withheldLines), 'counted from the files')}
${total('Bytes withheld', num(s.withheldBytes), 'counted from the files')}
${total('Tokens withheld', `~${num(s.withheldTokens)}`, `estimated: the bytes withheld at the tokens per byte of the lines shown, counted by ${tokenizer}`)}
${total('Tokens of the maps attached', num(s.mapTokens), `counted by ${tokenizer}`)}
${total('Net', `~${num(s.withheldTokens - s.mapTokens)}`, 'estimated: the tokens withheld less the maps’')}
${total('Model calls spent on maps', num(s.modelCalls), 'counted')}
</table>
<h2>Tokens withheld and tokens of maps, read after read</h2>
${savingsChart(s.series)}
<h2>Last reads</h2>
<table class="reads"><thead><tr><th>file</th><th>lines shown of asked</th><th>lines withheld</th><th>bytes withheld</th><th>tokens withheld (est.)</th><th>map tokens</th></tr></thead>
<tbody>${rows}</tbody></table>
</body></html>`;
}
