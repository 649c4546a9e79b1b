/** Small inline icons (24 × 24, stroke = currentColor), decorative unless given a title. */
import type { SVGProps } from "react";

const PATHS = {
  phone: "M4 5c0 8.3 6.7 15 15 15l1.5-3.5-4-2-2 2c-2.5-1.2-4.8-3.5-6-6l2-2-2-4Z",
  mail: "M3 6h18v12H3z M3 7l9 6 9-6",
  pin: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M12 7v5l3 2",
  seat: "M7 4v9h8l2 7 M7 13l-2 7 M10 4h-3",
  fuel: "M5 20V5a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v15 M4 20h11 M14 9h2l2 2v6a1.5 1.5 0 0 0 3 0V8l-3-3 M8 8h3",
  calendar: "M4 6h16v14H4z M4 10h16 M8 3v4 M16 3v4",
  star: "m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z",
  shield: "M12 3 5 6v6c0 4.4 3 7.7 7 9 4-1.3 7-4.6 7-9V6Z m-3 9 2 2 4-4",
  car: "M3 16v-3l2-5h14l2 5v3H3Z M6 16v2 M18 16v2 M7 13h.01 M17 13h.01",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z M4 21a8 8 0 0 1 16 0",
  plane: "M21 15 13 10V4.5a1.5 1.5 0 0 0-3 0V10l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-4.5l8 2.5Z",
  ring: "M12 21a6 6 0 1 0 0-12 6 6 0 0 0 0 12Z M9 4h6l-3 5Z",
  briefcase: "M3 8h18v11H3z M8 8V5h8v3 M3 13h18",
  key: "M15 9a4 4 0 1 1-3.9 4.9L4 21v-3h2v-2h2l2.1-2.1A4 4 0 0 1 15 9Z",
  home: "M3 11 12 4l9 7 M5 10v10h14V10",
  crown: "M3 8l4 4 5-7 5 7 4-4-2 11H5Z",
  check: "m5 12 4 4 10-10",
  clockFast: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M12 7v5h4",
  close: "M6 6l12 12 M18 6 6 18",
  left: "m15 5-7 7 7 7",
  right: "m9 5 7 7-7 7",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z m9 3-4.3-4.3",
  menu: "M4 7h16 M4 12h16 M4 17h16",
  quote: "M7 17a4 4 0 0 1-4-4c0-4 3-7 6-8 M17 17a4 4 0 0 1-4-4c0-4 3-7 6-8",
  sparkle: "M12 3v4 M12 17v4 M3 12h4 M17 12h4 M6 6l2.5 2.5 M15.5 15.5 18 18 M6 18l2.5-2.5 M15.5 8.5 18 6",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "h-5 w-5", ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

export function WhatsAppIcon({ className = "h-6 w-6" }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
    </svg>
  );
}
