/** An append-only column of 32-bit integers that doubles its buffer as it fills (a typed array, not boxed numbers). */
export class IntColumn {
  data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }

  push(value: number): number {
    this.set(this.length, value);
    return this.length - 1;
  }

  /** Sets slot `at`, growing the column (zero-filled) when it lies past the end. */
  set(at: number, value: number): void {
    if (at >= this.data.length) {
      let capacity = this.data.length * 2;
      while (at >= capacity) capacity *= 2;
      const bigger = new Int32Array(capacity);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[at] = value;
    if (at >= this.length) this.length = at + 1;
  }

  /** Gives back the room doubling left unused (after a full build, which is followed by few puts). */
  trim(): void {
    if (this.data.length > this.length + 16) this.data = this.data.slice(0, this.length + 16);
  }
}

/** Small integers for ids (option, category, attribute option uuids): counting works on array slots, not strings. */
export class Interner {
  private readonly index = new Map<string, number>();
  readonly ids: string[] = [];

  of(id: string): number {
    let n = this.index.get(id);
    if (n === undefined) {
      n = this.ids.length;
      this.index.set(id, n);
      this.ids.push(id);
    }
    return n;
  }

  find(id: string): number | undefined {
    return this.index.get(id);
  }

  get size(): number {
    return this.ids.length;
  }
}
