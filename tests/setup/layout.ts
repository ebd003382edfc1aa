// Where things are on the screen, for the browser tests: Playwright's boundingBox() answers.

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen share any area (one covers part of the other). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
