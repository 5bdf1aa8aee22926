// Reading a version signal subscribes the caller (a computed or a component) to a mutable collection
// behind it; `track(x.value)` says so explicitly where the value itself is not needed.
export function track(..._versions: unknown[]): void {}
