import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering: every page arrives as HTML and forms work before JavaScript loads.
  ssr: true,
} satisfies Config;
