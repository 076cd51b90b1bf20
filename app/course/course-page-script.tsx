import { useNonce } from "~/security/nonce";
import SCRIPT from "./course-page.inline.ts?inline-script";

/** The course page's only script (decision 039), course-page.inline.ts as text: rendered once, after the page's text. */
export function CoursePageScript() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
