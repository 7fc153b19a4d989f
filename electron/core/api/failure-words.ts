// The table lives in shared/words/ so the renderer's last pass over any text (shared/words/plain-words.ts)
// words a library code that slipped through the same way main does.
export { wordsForCode, WORDED_CODES } from '../../../shared/words/library-codes';
