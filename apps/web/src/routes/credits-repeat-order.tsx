export { PlaceholderPage as Component } from './placeholder-page';
