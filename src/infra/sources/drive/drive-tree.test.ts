// Paths of drive files as notes: safe segments, Docs named .txt, clashes, and placement under a scope.
import { describe, expect, it } from 'vitest';
import { DOC_MIME, type DriveItem, FOLDER_MIME } from './drive-api.js';
import { DriveTree, disambiguate, isNoteCandidate, noteNameOf, segmentOf } from './drive-tree.js';

const item = (id: string, name: string, mimeType: string, parent?: string): DriveItem => ({
  id,
  name,
  mimeType,
  parents: parent ? [parent] : [],
  trashed: false,
  stamp: '1',
  size: null,
});

describe('names', () => {
  it('makes one safe segment of any drive name', () => {
    expect(segmentOf('a/b\\c')).toBe('a_b_c');
    expect(segmentOf('tab\there')).toBe('tabhere');
    expect(segmentOf('..')).toBe('_..');
    expect(segmentOf('')).toBe('_');
  });

  it('names a Google Doc <title>.txt (once) and refuses other Google types and folders', () => {
    expect(noteNameOf(item('d', 'Plan', DOC_MIME))).toBe('Plan.txt');
    expect(noteNameOf(item('d', 'Plan.TXT', DOC_MIME))).toBe('Plan.TXT');
    expect(noteNameOf(item('f', 'plan.md', 'text/markdown'))).toBe('plan.md');
    expect(isNoteCandidate(item('s', 'Budget', 'application/vnd.google-apps.spreadsheet'))).toBe(false);
    expect(isNoteCandidate(item('f', 'F', FOLDER_MIME))).toBe(false);
    expect(isNoteCandidate(item('d', 'Plan', DOC_MIME))).toBe(true);
  });

  it('disambiguates a taken path with the file id before the extension', () => {
    expect(disambiguate('notes/idea.md', 'X1')).toBe('notes/idea (X1).md');
    expect(disambiguate('notes/README', 'X1')).toBe('notes/README (X1)');
    expect(disambiguate('notes.d/.hidden', 'X1')).toBe('notes.d/.hidden (X1)');
  });
});

describe('DriveTree.place', () => {
  const tree = new DriveTree({ folderId: 'scope', rootId: 'root' });
  tree.setFolder(item('scope', 'Notes', FOLDER_MIME, 'root'));
  tree.setFolder(item('sub', 'Sub', FOLDER_MIME, 'scope'));
  tree.setFolder(item('deep', 'Deep', FOLDER_MIME, 'sub'));
  tree.setFolder(item('out', 'Elsewhere', FOLDER_MIME, 'root'));

  it('gives the folder path under the scope', () => {
    expect(tree.place('scope', false)).toEqual({ dir: [] });
    expect(tree.place('deep', false)).toEqual({ dir: ['Sub', 'Deep'] });
  });

  it('says outside for the root and folders outside, unknown for folders it has not seen', () => {
    expect(tree.place('out', false)).toEqual({ outside: true });
    expect(tree.place(undefined, false)).toEqual({ outside: true });
    expect(tree.place('new', false)).toEqual({ unknown: 'new' });
    expect(tree.place('new', true)).toEqual({ outside: true });
  });

  it('whole drive: paths start at the root; a folder it cannot see starts one too', () => {
    const whole = new DriveTree({ rootId: 'root' });
    whole.setFolder(item('a', 'A', FOLDER_MIME, 'root'));
    whole.setFolder(item('b', 'B', FOLDER_MIME, 'a'));
    expect(whole.place('b', false)).toEqual({ dir: ['A', 'B'] });
    expect(whole.place('root', false)).toEqual({ dir: [] });
    expect(whole.place(undefined, false)).toEqual({ dir: [] });
    expect(whole.place('hidden', true)).toEqual({ dir: [] });
  });

  it('a trashed folder or a cycle is outside', () => {
    const odd = new DriveTree({ rootId: 'root' });
    odd.setFolder({ ...item('t', 'T', FOLDER_MIME, 'root'), trashed: true });
    odd.setFolder(item('x', 'X', FOLDER_MIME, 'y'));
    odd.setFolder(item('y', 'Y', FOLDER_MIME, 'x'));
    expect(odd.place('t', false)).toEqual({ outside: true });
    expect(odd.place('x', false)).toEqual({ outside: true });
  });
});
