// Text that arrives in pieces, cut into lines as `splitLines` cuts a whole text (CRLF, LF or CR): a CR
// that ends one piece and an LF that starts the next are one line end, and the text after the last
// line end is a line of its own (possibly empty), given at `end()`.
export class LineSplitter {
  /** The current line's text from earlier pieces: joined once, so a long line costs no repeated copying. */
  private parts: string[] = [];
  private afterCR = false;
  private readonly lineEnd = /\r\n|\n|\r/g;

  constructor(private readonly onLine: (line: string) => void) {}

  write(piece: string): void {
    if (piece === '') return;
    let start = this.afterCR && piece.charCodeAt(0) === 10 ? 1 : 0;
    this.afterCR = false;
    const lineEnd = this.lineEnd;
    lineEnd.lastIndex = start;
    for (let match = lineEnd.exec(piece); match !== null; match = lineEnd.exec(piece)) {
      const end = match.index;
      const line = this.parts.length === 0 ? piece.slice(start, end) : this.take(piece.slice(start, end));
      start = end + match[0].length;
      if (match[0] === '\r' && start === piece.length) this.afterCR = true;
      this.onLine(line);
    }
    if (start < piece.length) this.parts.push(piece.slice(start));
  }

  end(): void {
    this.onLine(this.take(''));
  }

  private take(last: string): string {
    this.parts.push(last);
    const line = this.parts.join('');
    this.parts = [];
    return line;
  }
}
