/** A titled card of the profile page. */
export { CardSection as Section } from "../ui/card-section.tsx";
