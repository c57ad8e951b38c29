import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ComponentExport<Module, Name extends keyof Module> =
  Module[Name] extends ComponentType<infer Props> ? ComponentType<Props> : never;

/**
 * A component loaded on first render from a module's named export, for pages and heavy parts that
 * only some visits need: `lazyComponent(() => import('./features/x/XPage'), 'XPage')`.
 */
export function lazyComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentExport<Module, Name>> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentExport<Module, Name> })));
}
