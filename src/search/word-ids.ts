// Words as numbers for the search index (build-index.ts): every word of every record is
// looked up here, a few million times on a large site. Most words are lower-case ASCII
// the table holds already: those are found from the text's character codes, hashed as
// they are read, without cutting the word out of the text (a string each, and its hash
// computed again by a Map): the weighing of 4000 pages 265 -> 236 ms, and the search
// stage 653-665 -> 609-611 ms in alternating runs, with less to collect.
// Anything else (capitals, which also give camelCase parts, and non-ASCII text) goes
// through tokenize.ts's words(), so the words and their order are the same.
import { MAX_WORD, MIN_WORD, words } from './tokenize.js';

const NON_ASCII_RE = /[^\x00-\x7f]/;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const EMPTY = -1;

/** FNV-1a over the UTF-16 code units of `word`. */
function hashOf(word: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h;
}

export class WordIds {
  /** Words by id, in the order they were first met. */
  readonly words: string[] = [];
  private hashes: number[] = [];
  /** Open addressing: ids by hash, EMPTY where free. */
  private slots: Int32Array;

  /** `words`: the ids to keep (the last build's vocabulary). */
  constructor(words: readonly string[] = []) {
    this.slots = new Int32Array(tableSize(words.length)).fill(EMPTY);
    for (const word of words) this.add(word, hashOf(word));
  }

  /** The id of `word`, added if new. */
  id(word: string): number {
    const h = hashOf(word);
    const mask = this.slots.length - 1;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const id = this.slots[at]!;
      if (id === EMPTY) return this.add(word, h);
      if (this.hashes[id] === h && this.words[id] === word) return id;
    }
  }

  /** The id of every word of `text` that words() gives, in its order. */
  eachId(text: string, visit: (id: number) => void): void {
    if (NON_ASCII_RE.test(text)) {
      words(text, (word) => visit(this.id(word)));
      return;
    }
    let start = -1;
    let h = 0;
    let capital = false;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 0;
      const upper = code >= 65 && code <= 90;
      if ((code >= 97 && code <= 122) || upper || (code >= 48 && code <= 57)) {
        if (start < 0) {
          start = i;
          h = FNV_OFFSET;
          capital = false;
        }
        capital ||= upper;
        h = Math.imul(h ^ code, FNV_PRIME);
      } else if (start >= 0) {
        const length = i - start;
        if (length >= MIN_WORD && length <= MAX_WORD) {
          // A capital: the word lower-cased and its camelCase parts, as words() gives them.
          if (capital) words(text.slice(start, i), (word) => visit(this.id(word)));
          else visit(this.idAt(text, start, length, h));
        }
        start = -1;
      }
    }
  }

  /** The id of the lower-case word text[start, start + length), whose hash is `h`. */
  private idAt(text: string, start: number, length: number, h: number): number {
    const mask = this.slots.length - 1;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const id = this.slots[at]!;
      if (id === EMPTY) return this.add(text.slice(start, start + length), h);
      if (this.hashes[id] !== h) continue;
      const word = this.words[id]!;
      if (word.length !== length) continue;
      let same = true;
      for (let k = 0; k < length; k++) {
        if (word.charCodeAt(k) !== text.charCodeAt(start + k)) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
  }

  private add(word: string, h: number): number {
    const id = this.words.push(word) - 1;
    this.hashes.push(h);
    if (this.words.length * 2 > this.slots.length) this.rehash(tableSize(this.words.length));
    else this.place(id, h);
    return id;
  }

  private place(id: number, h: number): void {
    const mask = this.slots.length - 1;
    let at = h & mask;
    while (this.slots[at] !== EMPTY) at = (at + 1) & mask;
    this.slots[at] = id;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size).fill(EMPTY);
    for (let id = 0; id < this.words.length; id++) this.place(id, this.hashes[id]!);
  }
}

/** A power of two, at least four times the words: probes stay short. */
function tableSize(words: number): number {
  let size = 1024;
  while (size < words * 4) size *= 2;
  return size;
}
