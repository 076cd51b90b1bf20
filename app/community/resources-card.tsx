import { LifeBuoy, MessagesSquare, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/ui/card";

/** Where to go next. "My Account" leads a signed-out visitor to sign in first. */
export function ResourcesCard({ signedIn }: { signedIn: boolean }) {
  const links = [
    { to: "/community", label: "Community Forum", icon: MessagesSquare },
    { to: "/support", label: "Support", icon: LifeBuoy },
    { to: signedIn ? "/account" : "/auth", label: "My Account", icon: UserRound },
  ];
  return (
    <Card>
      <section aria-labelledby="community-resources">
        <h2 id="community-resources" className="text-xl font-bold text-brand-900">
          Resources
        </h2>
        <ul className="mt-3 space-y-1">
          {links.map(({ to, label, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex items-center gap-2 rounded-md px-2 py-2 font-medium text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline"
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
