/**
 * Which component renders API operation pages. The generated operation pages import
 * ./register, which puts the OpenAPI theme's ApiItem here; so ApiItem travels in those pages' own
 * chunks, which Docusaurus loads before it renders or hydrates a route, and no other page
 * downloads it. src/plugins/performance-theme/theme/DocItem reads it synchronously: nothing suspends, nothing shifts.
 */
import type {ComponentType} from 'react';
import type {Props} from '@theme/DocItem';

let registeredApiItem: ComponentType<Props> | undefined;

export function registerApiItem(component: ComponentType<Props>): void {
  registeredApiItem = component;
}

export function apiItem(): ComponentType<Props> | undefined {
  return registeredApiItem;
}
