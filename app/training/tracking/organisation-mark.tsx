import {
  BadgeCheck,
  Briefcase,
  Building2,
  Car,
  Coins,
  FileText,
  Gamepad2,
  Gift,
  Heart,
  Landmark,
  Lock,
  Mail,
  Monitor,
  Package,
  Receipt,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Star,
  Ticket,
  Trophy,
  type LucideIcon,
} from "lucide-react";
import type { LandingMark } from "~/training/library/landing-look";

const ICONS: Record<LandingMark, LucideIcon> = {
  bank: Landmark,
  parcel: Package,
  shield: ShieldCheck,
  gift: Gift,
  star: Star,
  trophy: Trophy,
  game: Gamepad2,
  coins: Coins,
  mail: Mail,
  phone: Smartphone,
  document: FileText,
  heart: Heart,
  car: Car,
  ticket: Ticket,
  cart: ShoppingCart,
  briefcase: Briefcase,
  receipt: Receipt,
  screen: Monitor,
  lock: Lock,
  building: Building2,
  badge: BadgeCheck,
};

/** The invented organisation's simple mark, drawn in white on its colour. */
export function OrganisationMark({ mark, className }: { mark: LandingMark; className?: string }) {
  const Icon = ICONS[mark];
  return <Icon aria-hidden="true" className={className} />;
}
