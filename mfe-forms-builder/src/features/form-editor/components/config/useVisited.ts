import { useCallback, useState } from 'react';

/**
 * Which items of an editable list the person has left (blurred) at least once, by position:
 * their messages are shown from then on, so a rule just added is not greeted with errors.
 */
export function useVisited() {
  const [visited, setVisited] = useState<readonly boolean[]>([]);
  const visit = useCallback(
    (index: number) =>
      setVisited((current) => {
        if (current[index]) return current;
        const next = [...current];
        next[index] = true;
        return next;
      }),
    [],
  );
  const forget = useCallback(
    (index: number) => setVisited((current) => current.filter((_flag, at) => at !== index)),
    [],
  );
  const isVisited = (index: number) => visited[index] === true;
  return { isVisited, visit, forget };
}
