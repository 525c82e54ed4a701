/**
 * Read-later services' lists as folders. Pocket (HTML and CSV), Instapaper and Readwise Reader
 * each file a saved item under a list or status (Pocket's "Unread" and "Read Archive",
 * Instapaper's "Unread", "Archive", "Starred" or a user folder, Reader's `new`, `later`,
 * `archive`…). bookgen reads each list as a folder of that title, so a site shows the lists as the
 * service did, and marks the items of the lists that hold unread items `toRead: true`, as a
 * Pinboard export's `toread` is, so that a conversion to Netscape or XBEL keeps the state.
 */

/** Pocket's sections, as its HTML export titles them (and its CSV export's statuses are read). */
export const POCKET_UNREAD = 'Unread'
export const POCKET_ARCHIVE = 'Read Archive'

/** Pocket CSV `status` → the section (folder title) the HTML export would put the item in. */
export function pocketSection(status: string): string | undefined {
  switch (status.trim().toLowerCase()) {
    case 'unread':
      return POCKET_UNREAD
    case 'archive':
      return POCKET_ARCHIVE
    default:
      return undefined
  }
}

/** Whether items of the list titled `title` are unread (Pocket's and Instapaper's "Unread"). */
export function isUnreadList(title: string): boolean {
  return title === POCKET_UNREAD
}

/** Readwise Reader's locations whose items are not read yet (`archive` and `feed` are not). */
const READER_UNREAD = new Set(['new', 'later', 'shortlist'])

/** Whether items at the Readwise Reader location `location` are unread. */
export function isReaderUnread(location: string): boolean {
  return READER_UNREAD.has(location.trim().toLowerCase())
}
