// kubectl's table layout: columns padded to the widest cell plus three spaces (tabwriter with padding 3). Pure.
export function table(rows: readonly (readonly string[])[], indent = ''): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      `${indent}${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd((widths[i] ?? 0) + 3))).join('')}`.trimEnd(),
    )
    .join('\n');
}
