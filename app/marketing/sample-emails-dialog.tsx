import { NativeDialog } from "~/ui/native-dialog";
import { TasteRoundForm } from "./sample-taste-views";

export const SAMPLE_EMAILS_DIALOG_ID = "sample-emails-dialog";

/**
 * "Sample Practice Scam Emails" on the home and pricing pages: the first round of the free taste
 * of the trainer, in a native dialog that opens at the first tap with no script. Its Check button
 * asks /sample-emails, which answers with the feedback and the next email (decision 038).
 */
export function SampleEmailsDialog() {
  return (
    <NativeDialog
      id={SAMPLE_EMAILS_DIALOG_ID}
      title="Sample Practice Scam Emails"
      description="Three safe, made-up scam emails like the ones the Training Program sends. Mark the parts that make you suspicious, then press Check. Nothing you mark is saved."
    >
      <TasteRoundForm roundIndex={0} totals={{ found: 0, flags: 0 }} headingAs="h3" />
    </NativeDialog>
  );
}
