// Types of entry-view.js (plain JS, served as is), for the tests and any TypeScript caller.
export declare const MONOGRAM_HUES: number
export declare function displayHost(href: string | undefined): string | undefined
export declare function monogramOf(host: string): { letter: string; hue: number }
export declare function decorateEntry(
  entry: HTMLElement,
  link: HTMLElement,
  href: string | undefined,
  icon?: string,
): void
