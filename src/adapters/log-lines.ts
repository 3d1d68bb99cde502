/**
 * Reads a state log's lines in fixed-size chunks: never the whole log as one buffer or one string.
 * A log grows until it is as large as the state file (./state-log.ts), 625 MB at a million
 * contacts, past V8's longest string (about 512 MiB): read whole, such a log made the server refuse
 * to start ("Cannot create a string longer than 0x1fffffe8 characters") with every acknowledged
 * write on disk. Lines end at `\n`, which never occurs inside a UTF-8 sequence, so a line's bytes
 * decode alone. The content ends at the first NUL byte (the zeros grown ahead, ./log-file.ts).
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** Bytes read at a time. */
export const LOG_READ_BYTES = 16 * 1024 * 1024;

export interface LogExtent {
  /** Where the content ends: the first NUL byte, else the file's end. */
  readonly contentEnd: number;
  /** Where the last whole line ends (just past its `\n`); 0 without one. */
  readonly linesEnd: number;
}

/**
 * Calls `onLine` with each line of `file` in order (its text without the `\n`, its 0-based number,
 * and whether a `\n` ended it: only the last line can lack one, when a write was torn). `onLine`
 * returning false stops the reading. Without `onLine`, only the extent is found (nothing decoded).
 */
export function readLogLines(
  file: string,
  onLine?: (text: string, index: number, terminated: boolean) => boolean | void,
  chunkBytes: number = LOG_READ_BYTES,
): LogExtent {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(chunkBytes);
    /** The start of the current line, as pieces of earlier chunks. */
    let carried: Buffer[] = [];
    let offset = 0;
    let linesEnd = 0;
    let index = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, offset);
      if (read === 0) break;
      const nul = chunk.subarray(0, read).indexOf(0);
      const length = nul < 0 ? read : nul;
      let start = 0;
      for (let newline = chunk.indexOf(0x0a, start); newline >= 0 && newline < length; newline = chunk.indexOf(0x0a, start)) {
        linesEnd = offset + newline + 1;
        if (onLine) {
          const piece = chunk.subarray(start, newline);
          const bytes = carried.length === 0 ? piece : Buffer.concat([...carried, piece]);
          if (onLine(bytes.toString('utf8'), index, true) === false) return { contentEnd: offset + newline + 1, linesEnd };
        }
        carried = [];
        index++;
        start = newline + 1;
      }
      // Copied: the chunk's memory is read into again.
      if (onLine && start < length) carried.push(Buffer.from(chunk.subarray(start, length)));
      offset += length;
      if (nul >= 0) break;
    }
    if (onLine && carried.length > 0) onLine(Buffer.concat(carried).toString('utf8'), index, false);
    return { contentEnd: offset, linesEnd };
  } finally {
    closeSync(fd);
  }
}
