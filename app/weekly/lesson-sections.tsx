import { Baby, Clock, MessagesSquare, Sparkles } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The four parts every weekly lesson ends with (see content/weekly/README.md): each a titled
 * section, so a family can jump to "the bit for Leo" and a screen reader lists them as headings.
 * Rendered on the server only, like the rest of the lesson.
 */

function LessonSection({
  heading,
  icon: Icon,
  className,
  children,
}: {
  heading: string;
  icon: typeof Baby;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={`my-8 rounded-2xl p-6 ${className}`}>
      <h2 className="!mt-0 flex items-center gap-2">
        <Icon aria-hidden="true" className="h-6 w-6 flex-none" /> {heading}
      </h2>
      <div className="[&_ol]:my-2 [&_p]:my-3 [&_ul]:my-2">{children}</div>
    </section>
  );
}

function ForChildren({ children }: { children: ReactNode }) {
  return (
    <LessonSection heading="For children (8–12)" icon={Baby} className="bg-amber-50">
      {children}
    </LessonSection>
  );
}

function ForTeens({ children }: { children: ReactNode }) {
  return (
    <LessonSection heading="For teens (13–17)" icon={Sparkles} className="bg-brand-50">
      {children}
    </LessonSection>
  );
}

function TalkTogether({ children }: { children: ReactNode }) {
  return (
    <LessonSection heading="Talk about it together" icon={MessagesSquare} className="border-2 border-brand-200">
      {children}
    </LessonSection>
  );
}

function Activity({ title, children }: { title: string; children: ReactNode }) {
  return (
    <LessonSection heading={`10-minute activity: ${title}`} icon={Clock} className="bg-safe-50">
      {children}
    </LessonSection>
  );
}

export const lessonSections = { ForChildren, ForTeens, TalkTogether, Activity };
