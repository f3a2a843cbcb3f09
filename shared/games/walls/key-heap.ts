/**
 * A binary min-heap of numbers keyed by a number priority, for the shortest-path searches on wall boards
 * (home cost, relaxed distances, Less's rush plans), which push tens of thousands of positions. Written
 * here because it is thirty lines on two parallel number arrays, which beats any general package on the
 * hot path. `pop` returns the value with the smallest priority, or `undefined` when empty.
 */
export class KeyHeap {
  private readonly priorities: number[] = [];
  private readonly values: number[] = [];

  /** Adds `value` with `priority`. */
  push(priority: number, value: number): void {
    let i = this.priorities.length;
    this.priorities.push(priority);
    this.values.push(value);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((this.priorities[p] as number) <= priority) break;
      this.priorities[i] = this.priorities[p] as number;
      this.values[i] = this.values[p] as number;
      i = p;
    }
    this.priorities[i] = priority;
    this.values[i] = value;
  }

  /** Removes and returns the value with the smallest priority. */
  pop(): number | undefined {
    const top = this.values[0];
    const priority = this.priorities.pop();
    const value = this.values.pop();
    const n = this.priorities.length;
    if (n === 0 || priority === undefined || value === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const c = l + 1 < n && (this.priorities[l + 1] as number) < (this.priorities[l] as number) ? l + 1 : l;
      if ((this.priorities[c] as number) >= priority) break;
      this.priorities[i] = this.priorities[c] as number;
      this.values[i] = this.values[c] as number;
      i = c;
    }
    this.priorities[i] = priority;
    this.values[i] = value;
    return top;
  }
}
