// Where the CLI writes: injected so tests run the commands in-process and read what they print.
export interface Output {
  stdout(text: string): void;
  stderr(text: string): void;
}
