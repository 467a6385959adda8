// The nearest-name helper moved to core/domain (pure; the tool-name check uses it too). This re-export keeps
// the settings command's import working until that file is next edited.
export { nearest } from '../../core/domain/did-you-mean.js';
