import { mergeClasses, Title2, Title3 } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { usePageStyles, useStackStyles } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';

/** A page of text at a readable width; its title is both the heading and the window's title. */
export function ReadingPage({ title, children }: { title: string; children: ReactNode }) {
  const shell = useShell();
  const pageStyles = usePageStyles();
  useEffect(() => shell.page.setTitle(title), [shell, title]);
  return (
    <article className={mergeClasses(pageStyles.page, pageStyles.reading)}>
      <Title2 as="h2">{title}</Title2>
      {children}
    </article>
  );
}

/** A part of a reading page, named by its heading (`id` is the heading's). */
export function ReadingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const stack = useStackStyles();
  return (
    <section className={stack.s} aria-labelledby={id}>
      <Title3 as="h3" id={id}>
        {title}
      </Title3>
      {children}
    </section>
  );
}
