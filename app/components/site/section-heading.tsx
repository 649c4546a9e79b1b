/** The eyebrow + title + lead of a page section, one look everywhere. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "left",
  level = 2,
  onDark = false,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  align?: "left" | "center";
  level?: 1 | 2;
  /** on the dark (ink) band: brighter eyebrow and lead */
  onDark?: boolean;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow && (
        <p className={`text-xs font-semibold tracking-[0.25em] uppercase ${onDark ? "text-brand" : "text-brand-strong dark:text-brand"}`}>{eyebrow}</p>
      )}
      <Heading id={id} className="mt-3 font-display text-3xl leading-tight font-semibold tracking-tight sm:text-4xl">
        {title}
      </Heading>
      {lead && <p className={`mt-4 text-lg leading-relaxed ${onDark ? "text-slate-300" : "text-slate-600 dark:text-slate-300"}`}>{lead}</p>}
    </div>
  );
}

/** The dark band at the top of an inner page. */
export function PageHero({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white">
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.25),transparent_55%)]" />
      <div className="container-page py-16 sm:py-24">
        <p className="text-xs font-semibold tracking-[0.3em] text-brand uppercase">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight font-semibold sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-300">{lead}</p>
      </div>
    </section>
  );
}
