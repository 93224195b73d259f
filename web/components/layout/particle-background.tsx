import { useMemo, type CSSProperties } from 'react';

const PARTICLE_COUNT = 50;

/** A tiny deterministic generator so the layout is the same on every visit (no flicker on hydration). */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

/**
 * The landing page's background of 50 particles. Pure CSS transforms, decorative only; the global
 * reduced-motion rule stops the drift for people who ask for less motion.
 */
export function ParticleBackground() {
  const particles = useMemo(() => {
    const rand = seeded(42);
    return Array.from({ length: PARTICLE_COUNT }, (_, i) => ({
      id: i,
      left: `${rand() * 100}%`,
      top: `${rand() * 100}%`,
      size: 2 + rand() * 4,
      opacity: 0.15 + rand() * 0.35,
      duration: `${14 + rand() * 16}s`,
      delay: `${-rand() * 20}s`,
      dx: `${(rand() - 0.5) * 80}px`,
      dy: `${(rand() - 0.5) * 80}px`,
    }));
  }, []);

  return (
    <div
      aria-hidden="true"
      data-testid="particle-background"
      className="pointer-events-none absolute inset-0 overflow-hidden"
    >
      {particles.map((p) => (
        <span
          key={p.id}
          data-particle=""
          className="absolute rounded-full bg-brand-400 motion-safe:animate-float"
          style={
            {
              left: p.left,
              top: p.top,
              width: p.size,
              height: p.size,
              opacity: p.opacity,
              animationDuration: p.duration,
              animationDelay: p.delay,
              '--dx': p.dx,
              '--dy': p.dy,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
