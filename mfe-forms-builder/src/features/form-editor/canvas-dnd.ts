import {
  closestCenter,
  KeyboardCode,
  type ClientRect,
  type CollisionDetection,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';

/**
 * How a field travels over the canvas with dnd-kit. Droppables are the rows (`row:<id>`: a drop at
 * the row's end) and the fields (a drop takes that field's place). With the keyboard, left and
 * right go to the neighbouring field of the row, up and down to the nearest field of the row above
 * or below (or the row itself when it is empty); the drop target is whatever holds the point the
 * field is carried to, a field before its row.
 */

export const ROW_DROPPABLE_PREFIX = 'row:';
export const rowDroppableId = (rowId: string) => `${ROW_DROPPABLE_PREFIX}${rowId}`;
const isRow = (id: UniqueIdentifier) => String(id).startsWith(ROW_DROPPABLE_PREFIX);

const centerOf = (rect: ClientRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
const contains = (rect: ClientRect, point: { x: number; y: number }) =>
  point.x >= rect.left &&
  point.x <= rect.left + rect.width &&
  point.y >= rect.top &&
  point.y <= rect.top + rect.height;

/** The field (else the row) under the pointer, or under the centre of the field carried by keyboard. */
export const canvasCollisions: CollisionDetection = (args) => {
  const point = args.pointerCoordinates ?? centerOf(args.collisionRect);
  const under = args.droppableContainers.filter((container) => {
    const rect = args.droppableRects.get(container.id);
    return container.id !== args.active.id && rect !== undefined && contains(rect, point);
  });
  const fields = under.filter((container) => !isRow(container.id));
  if (fields.length) return closestCenter({ ...args, droppableContainers: fields });
  if (under.length) return closestCenter({ ...args, droppableContainers: under });
  return [];
};

interface Target {
  container: DroppableContainer;
  rect: ClientRect;
}

function targets(containers: Iterable<DroppableContainer>, rects: Map<UniqueIdentifier, ClientRect>) {
  const found: Target[] = [];
  for (const container of containers) {
    const rect = rects.get(container.id);
    if (rect && !container.disabled) found.push({ container, rect });
  }
  return found;
}

const rowOfContainer = (container: DroppableContainer | undefined) =>
  (container?.data.current as { rowId?: string } | undefined)?.rowId;
const rowIdOf = (target: Target) => rowOfContainer(target.container);

const nearest = (candidates: Target[], distance: (target: Target) => number) =>
  candidates.reduce<Target | null>(
    (best, candidate) => (best === null || distance(candidate) < distance(best) ? candidate : best),
    null,
  );

export const canvasKeyboardCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const all = targets(droppableContainers.getEnabled(), droppableRects);
  const center = centerOf(collisionRect);
  const currentRowId =
    rowOfContainer(over ? droppableContainers.get(over.id) : undefined) ??
    rowOfContainer(droppableContainers.get(active));
  const fields = all.filter((target) => !isRow(target.container.id) && target.container.id !== active);
  const rows = all.filter((target) => isRow(target.container.id));
  let target: Target | null = null;

  switch (event.code) {
    case KeyboardCode.Right:
    case KeyboardCode.Left: {
      const right = event.code === KeyboardCode.Right;
      const sameRow = fields.filter(
        (candidate) =>
          rowIdOf(candidate) === currentRowId &&
          (right ? centerOf(candidate.rect).x > center.x + 1 : centerOf(candidate.rect).x < center.x - 1),
      );
      target = nearest(sameRow, (candidate) => Math.abs(centerOf(candidate.rect).x - center.x));
      // Past the last field of its row, the field goes to the row's end.
      if (!target && right) target = rows.find((row) => rowIdOf(row) === currentRowId) ?? null;
      break;
    }
    case KeyboardCode.Down:
    case KeyboardCode.Up: {
      const down = event.code === KeyboardCode.Down;
      const currentRow = rows.find((row) => rowIdOf(row) === currentRowId);
      const from = currentRow ? centerOf(currentRow.rect).y : center.y;
      const row = nearest(
        rows.filter((candidate) =>
          down ? centerOf(candidate.rect).y > from + 1 : centerOf(candidate.rect).y < from - 1,
        ),
        (candidate) => Math.abs(centerOf(candidate.rect).y - from),
      );
      if (!row) break;
      const inRow = fields.filter((candidate) => rowIdOf(candidate) === rowIdOf(row));
      target = nearest(inRow, (candidate) => Math.abs(centerOf(candidate.rect).x - center.x)) ?? row;
      break;
    }
  }
  if (!target) return undefined;
  event.preventDefault();
  const goal = centerOf(target.rect);
  // When the target is a row, aim at its lower right part, past the fields it holds.
  const y = isRow(target.container.id) ? target.rect.top + target.rect.height - 4 : goal.y;
  const x = isRow(target.container.id) ? target.rect.left + target.rect.width - 4 : goal.x;
  return { x: x - collisionRect.width / 2, y: y - collisionRect.height / 2 };
};
