const KEYS = {
  vertical: { next: "ArrowDown", previous: "ArrowUp" },
  horizontal: { next: "ArrowRight", previous: "ArrowLeft" },
} as const;

/**
 * The WAI-ARIA keyboard move between the items of a group (the questions of an accordion, the
 * tabs of a tablist): the two arrow keys of the group's direction, wrapping round, Home and End.
 * Answers the item to move to, the key's default prevented; nothing for another key, or for a
 * key pressed outside an item.
 */
export function arrowKeyTarget<T extends HTMLElement>(
  event: React.KeyboardEvent<HTMLElement>,
  itemSelector: string,
  direction: keyof typeof KEYS,
): T | undefined {
  const items = [...event.currentTarget.querySelectorAll<T>(itemSelector)];
  const at = items.indexOf(event.target as T);
  if (at < 0) return undefined;
  const keys = KEYS[direction];
  const next = {
    [keys.next]: items[(at + 1) % items.length],
    [keys.previous]: items[(at - 1 + items.length) % items.length],
    Home: items[0],
    End: items[items.length - 1],
  }[event.key];
  if (next) event.preventDefault();
  return next;
}
