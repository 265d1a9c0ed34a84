import {
  formatDateInWords,
  formatDateTime,
  formatMoney,
  formatTime,
  type MeetingMinutes,
  minutesLabels,
  minutesMessages,
} from '@synergie/shared';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { drawableText } from './self-billing-documents';

/**
 * The minutes as a PDF (issue 30), drawn with pdf-lib like the self-billed invoices: the same
 * content as the page, French dates (format.ts), every text through drawableText.
 */
export async function minutesPdf(minutes: MeetingMinutes): Promise<Uint8Array> {
  const { content } = minutes;
  // Loaded at the first PDF rather than at start-up (docs/performance.md, "Memory and start").
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const title = minutesMessages.pageTitle(content.meeting.dateInWords);
  pdf.setTitle(`${content.meeting.groupName} - ${title}`);
  pdf.setAuthor(content.meeting.groupName);
  pdf.setCreator('Synergie Pro');
  pdf.setProducer('Synergie Pro');
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(new Date(minutes.generatedAt));
  pdf.setModificationDate(new Date(minutes.correctedAt ?? minutes.generatedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 50;
  const width = 595.28 - 2 * margin;
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const newLine = (step = 14) => {
    y -= step;
    if (y < 60) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };
  /** One paragraph, wrapped to the page's width. */
  const paragraph = (value: string, size = 10, font: PDFFont = regular, indent = 0) => {
    for (const source of value.split('\n')) {
      let line = '';
      const flush = () => {
        page.drawText(line, { x: margin + indent, y, size, font, color: rgb(0.1, 0.1, 0.1) });
        newLine(size + 4);
        line = '';
      };
      for (const word of drawableText(font, source).split(/ +/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(next, size) > width - indent) {
          flush();
          line = word;
        } else line = next;
      }
      flush();
    }
  };
  const heading = (value: string) => {
    newLine(8);
    paragraph(value, 12, bold);
  };
  const list = (items: string[], empty: string) => {
    if (items.length === 0) paragraph(empty, 10, regular, 12);
    for (const item of items) paragraph(`- ${item}`, 10, regular, 12);
  };

  paragraph(content.meeting.groupName, 18, bold);
  paragraph(title, 14, bold);
  paragraph(
    `${formatTime(new Date(content.meeting.startsAt))} - ${formatTime(new Date(content.meeting.endsAt))}, ${content.meeting.place}`,
  );
  paragraph(minutesMessages.version(minutes.version), 9);

  const a = content.attendance;
  heading(minutesMessages.attendance);
  const names = (people: { name: string }[]) => people.map((p) => p.name);
  const group = (label: string, people: string[]) =>
    paragraph(`${label} (${people.length})\u00a0: ${people.length ? people.join(', ') : minutesMessages.none}`);
  group(minutesMessages.present, names(a.present));
  group(minutesMessages.late, names(a.late));
  group(minutesMessages.remote, names(a.remote));
  group(minutesMessages.excused, names(a.excused));
  group(
    minutesMessages.substituted,
    a.substituted.map((p) =>
      p.substituteName ? `${p.name} (${minutesLabels.substitutedBy(p.substituteName)})` : p.name,
    ),
  );
  group(minutesMessages.absent, names(a.absent));
  paragraph(a.remoteCountsAsPresent ? minutesMessages.remoteCounted : minutesMessages.remoteNotCounted, 9);

  const who = (name: string | null) => name ?? minutesLabels.deletedMember;
  heading(`${minutesMessages.recommendations} (${content.recommendations.length})`);
  list(
    content.recommendations.map((r) => `${who(r.giverName)} -> ${who(r.receiverName)}`),
    minutesMessages.noneFeminine,
  );

  heading(`${minutesMessages.visitors} (${content.visitors.length})`);
  list(
    content.visitors.map((v) => [v.name ?? minutesLabels.visitor, v.company].filter(Boolean).join(', ')),
    minutesMessages.none,
  );

  heading(minutesMessages.business);
  list(
    content.businessThanked.map(
      (b) =>
        `${minutesLabels.thanks(who(b.receiverName), who(b.giverName))}${b.amountCents === null ? '' : `\u00a0: ${formatMoney(b.amountCents)}`}`,
    ),
    minutesMessages.none,
  );

  heading(minutesMessages.nextPresenter);
  paragraph(
    content.nextPresenter
      ? `${content.nextPresenter.name}${content.nextPresenter.meetingStartsAt ? `, ${formatDateInWords(new Date(content.nextPresenter.meetingStartsAt))}` : ''}`
      : minutesMessages.none,
  );

  if (content.notes) {
    heading(minutesMessages.notes);
    paragraph(content.notes);
  }

  newLine(10);
  paragraph(
    `Généré le ${formatDateTime(new Date(minutes.generatedAt))}${minutes.correctedAt ? `, corrigé le ${formatDateTime(new Date(minutes.correctedAt))}${minutes.correctedBy ? ` par ${minutes.correctedBy}` : ''}` : ''}.`,
    8,
  );
  return pdf.save();
}
