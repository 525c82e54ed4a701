import { describe, expect, it } from 'vitest'
import { createBookmark, createFolder, type Alias } from '../../src/model.js'
import { filterForPublishing, holdBackReason } from '../../src/site/publish-filter.js'

const none = { private: false, fileUrls: false, placeUrls: false }

describe('holdBackReason', () => {
  it('should hold back private, file: and place: bookmarks unless allowed', () => {
    expect(holdBackReason(Object.assign(createBookmark('p', 'https://a/'), { private: true }), none)).toBe('private')
    expect(holdBackReason(createBookmark('f', 'FILE:///etc/x'), none)).toBe('fileUrls')
    expect(holdBackReason(createBookmark('q', ' place:sort=8'), none)).toBe('placeUrls')
    expect(holdBackReason(createBookmark('ok', 'https://a/'), none)).toBeUndefined()
    expect(holdBackReason(createBookmark('f', 'file:///x'), { ...none, fileUrls: true })).toBeUndefined()
  })
})

describe('filterForPublishing', () => {
  it('should copy the tree without held-back bookmarks or aliases to them, leaving the source intact', () => {
    const secret = Object.assign(createBookmark('secret', 'https://s/'), { private: true, id: 's' })
    const open = Object.assign(createBookmark('open', 'https://o/'), { id: 'o' })
    const aliasToSecret: Alias = { type: 'alias', ref: 's' }
    const aliasToOpen: Alias = { type: 'alias', ref: 'o' }
    const sub = createFolder('sub')
    sub.children.push(secret, aliasToSecret, aliasToOpen)
    const root = createFolder('root')
    root.children.push(open, sub)
    const result = filterForPublishing(root, new Map([[aliasToSecret, secret], [aliasToOpen, open]]), none)
    expect(result.heldBack).toEqual({ private: 1, fileUrls: 0, placeUrls: 0 })
    const newSub = result.root.children[1]
    expect(newSub).toMatchObject({ type: 'folder', title: 'sub' })
    expect((newSub as typeof sub).children).toEqual([aliasToOpen])
    expect(result.aliasTargets.get(aliasToOpen)).toBe(open)
    expect(sub.children).toHaveLength(3)
  })
})
