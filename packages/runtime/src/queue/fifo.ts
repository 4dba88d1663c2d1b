// An array-backed FIFO with O(1) amortised push and shift (Array#shift is O(n) on large queues).
export class Fifo<T> {
  #items: T[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head] as T;
    this.#head++;
    // Compact once the consumed prefix dominates, keeping memory bounded by the live length.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  toArray(): T[] {
    return this.#items.slice(this.#head);
  }
}
