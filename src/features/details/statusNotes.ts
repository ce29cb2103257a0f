/** What a status means, for the details document's comments: the agents' status guide. */
export { STATUS_FACTS, statusNotes } from '../../agents/statusGuide';
