// Types of host-name.js (a browser ES module the build imports too).
export declare function displayHost(href: string | undefined): string | undefined
export declare function isSafeLabel(label: string, tld: string, tldUnicode: string): boolean
