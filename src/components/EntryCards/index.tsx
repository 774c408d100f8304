import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export type EntryCard = {
  title: string;
  to: string;
  description: string;
  /** Short call to action shown at the bottom of the card. */
  action: string;
};

/** A grid of linked cards: the home page and /docs use it to send readers to a starting point. */
export default function EntryCards({cards, headingLevel = 'h2'}: {cards: EntryCard[]; headingLevel?: 'h2' | 'h3'}): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.cardItem}>
          <Link to={card.to} className={styles.card}>
            <Heading as={headingLevel} className={styles.title}>
              {card.title}
            </Heading>
            <p className={styles.description}>{card.description}</p>
            <span className={styles.action}>{card.action} →</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
