/** The first sentence of a catalogue description: a page's lede (the rest is written for a model). */
export function lede(description: string): string {
  const match = /^(.+?\.)(\s|$)/.exec(description);
  return match ? match[1]! : description;
}
