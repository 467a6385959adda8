// Draft Studio as a page of the shell (its parts live beside this folder, in web/src/pages/).
export { DraftsPage as default } from '../drafts-page.js';
