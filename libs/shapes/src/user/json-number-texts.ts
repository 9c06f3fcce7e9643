/**
 * The number literals of a JSON text that JSON.parse cannot keep: integers beyond 2^53, which come back as the
 * nearest double (18446744073709551615 -> 18446744073709552000). Keyed by the path of the value, in the form
 * `sample field "…"` lines use. The text must be valid JSON (JSON.parse it first); this only scans it.
 */
export function impreciseJsonIntegers(text: string): Map<string, string> {
  const found = new Map<string, string>();
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const readString = (): string => {
    const start = at++;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: string): void => {
    skipSpace();
    const c = text[at];
    if (c === '{') {
      at++;
      skipSpace();
      while (text[at] !== '}') {
        skipSpace();
        const key = readString();
        skipSpace();
        at++; // ':'
        value(joinPath(path, key));
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '[') {
      at++;
      skipSpace();
      for (let i = 0; text[at] !== ']'; i++) {
        value(`${path}[${i}]`);
        skipSpace();
        if (text[at] === ',') at++;
        skipSpace();
      }
      at++;
    } else if (c === '"') {
      readString();
    } else {
      const literal = /^[^,\]}\s]+/.exec(text.slice(at))![0];
      at += literal.length;
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) found.set(path, literal);
    }
  };
  value('');
  return found;
}

/** `a.b`, or `a["b c"]` for a key that is not a plain name (map keys). */
export function joinPath(path: string, key: string): string {
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}
