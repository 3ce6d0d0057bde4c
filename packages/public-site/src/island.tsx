/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import type { IslandName } from './model.js';

/**
 * An interactive part of a server-rendered page: the server renders its children (or nothing, for an
 * island that only the browser can draw, such as the consent banner) inside
 * `<div data-island data-props>`, and the public client entry hydrates (or renders) the component of
 * that name from the registry (client/islands.ts) with the same props. Props must be JSON.
 */
export function Island<P extends object>({
  name,
  props,
  children,
  as: Tag = 'div',
  className,
}: {
  name: IslandName;
  props: P;
  children?: ComponentChildren;
  as?: 'div' | 'section';
  className?: string;
}) {
  return (
    <Tag data-island={name} data-props={JSON.stringify(props)} class={className}>
      {children}
    </Tag>
  );
}
