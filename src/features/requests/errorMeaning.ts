/** The error meanings the request answers show: pure, in src/api/errorMeaning.ts (shared with the agent tools). */
export { errorMeaning, httpMeaning } from '../../api/errorMeaning';
export type { Meaning } from '../../api/errorMeaning';
