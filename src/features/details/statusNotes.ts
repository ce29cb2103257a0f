/** What a status means, for the details document's comments: the agents' status guide alone (`dist/lazy/statusNotes.js`), not the agent tools' whole file. */
export { STATUS_FACTS, statusNotes } from '../../agents/statusGuide';
