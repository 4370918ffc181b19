/** The dismissible 'Development in Progress' banner with the mailing-list form (built next). */
export function DevelopmentBanner() {
  return null;
}
