/**
 * What the rest of the app composes from the comments feature (via app/routes): the task
 * drawer's timeline and the project page's Discussion tab.
 */
export { ProjectDiscussion } from './project-discussion';
export { TaskTimeline } from './task-timeline';
