/** The message page of a consultant: the message form's action, and where Send Message leads without JavaScript. */
export function messageActionPath(consultantId: number) {
  return `/consultant/${consultantId}/message`;
}
