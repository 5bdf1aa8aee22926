// Text that arrives in pieces, cut into lines as `splitLines` cuts a whole text (CRLF, LF or CR): a CR
// that ends one piece and an LF that starts the next are one line end, and the text after the last
// line end is a line of its own (possibly empty), given at `end()`.
const LF = 10;

export class LineSplitter {
  /** The current line's text from earlier pieces: joined once, so a long line costs no repeated copying. */
  private parts: string[] = [];
  private afterCR = false;

  constructor(private readonly onLine: (line: string) => void) {}

  write(piece: string): void {
    if (piece === '') return;
    let start = this.afterCR && piece.charCodeAt(0) === LF ? 1 : 0;
    this.afterCR = false;
    // Searched with indexOf, each kind of line end once ahead: most inputs have no CR at all.
    let cr = piece.indexOf('\r', start);
    let lf = piece.indexOf('\n', start);
    while (cr >= 0 || lf >= 0) {
      const atCR = cr >= 0 && (lf < 0 || cr < lf);
      const end = atCR ? cr : lf;
      const line = this.parts.length === 0 ? piece.slice(start, end) : this.take(piece.slice(start, end));
      const crlf = atCR && lf === cr + 1;
      start = crlf ? cr + 2 : end + 1;
      // A lone CR that ends the piece: an LF starting the next piece belongs to it.
      if (atCR && !crlf && start === piece.length) this.afterCR = true;
      if (cr >= 0 && cr < start) cr = piece.indexOf('\r', start);
      if (lf >= 0 && lf < start) lf = piece.indexOf('\n', start);
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
