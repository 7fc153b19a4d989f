import { randomUUID } from 'node:crypto';
import { layoutKey, placeLabel } from '../../../shared/board/places';
import { MAX_PLAN_BACKUP_BYTES, MAX_PLAN_BYTES, PLAN_PART_BYTES, type FloorPlan, type PlannedFloor, type PlanPart, type PlanPin } from '../../../shared/contract/plans';
import type { BoardItem } from '../../../shared/domain';
import { DeskError } from '../../../shared/errors';
import type { AuditLog } from '../offline/audit-log';
import { failureOutcome } from '../offline/audited';
import type { LocalStore } from '../offline/local-store';
import { readBackup, writeBackup } from './plan-backup';
import { checkPlanImage, PDF_ADVICE, refused, tooLarge } from './plan-image';
import { PlanStore, type PlanHeader } from './plan-store';
import { PlanUploads } from './plan-uploads';

export interface PlanServiceOptions {
  store: LocalStore;
  /** Which site the desk shows now, as the layout keys it (`demo`, or the server's origin). */
  siteKey(): string;
  /** The board's items now (for floor names and pins whose item is gone); empty before the board loads. */
  boardItems(): readonly BoardItem[];
  /** Told of every change, with the floor it changed. */
  changed(floor: string): void;
  audit?: AuditLog;
  now?: () => number;
}

type UploadPurpose = { kind: 'plan'; site: string; floor: string } | { kind: 'restore'; site: string };

/** Backups made and not yet read to the end; each holds a site's plans, so only a couple are kept. */
const MAX_EXPORTS = 2;

/**
 * Floor plans of the site the desk shows: import in parts (checked by the file's bytes, SVG sanitised),
 * pins, backup and restore. Every change is one store transaction, is announced as `plans.changed`, and
 * imports, removals and restores are recorded in the audit log by name and floor (never the image).
 */
export class PlanService {
  private readonly plans: PlanStore;
  private readonly uploads: PlanUploads<UploadPurpose>;
  private readonly exports = new Map<string, { bytes: Buffer; fileName: string }>();
  private readonly now: () => number;

  constructor(private readonly options: PlanServiceOptions) {
    this.plans = new PlanStore(options.store);
    this.now = options.now ?? Date.now;
    this.uploads = new PlanUploads(this.now);
  }

  get store(): PlanStore {
    return this.plans;
  }

  get(floor: string): FloorPlan | null {
    const site = this.options.siteKey();
    const header = this.plans.header(site, floor);
    return header ? this.floorPlan(site, header) : null;
  }

  floors(): PlannedFloor[] {
    const site = this.options.siteKey();
    return this.plans.headers(site).map((h) => ({ floor: h.floor, name: h.name, source: h.source, pins: this.plans.pins(site, h.floor).length }));
  }

  imagePart(floor: string, offset: number): PlanPart {
    const site = this.options.siteKey();
    const header = this.plans.header(site, floor);
    if (!header) throw new DeskError('not-found', 'This floor has no plan (it may have just been removed)');
    if (offset > header.bytes) throw new DeskError('invalid-call', `The plan has ${header.bytes} bytes; there is nothing at ${offset}`);
    const part = this.plans.imageSlice(site, floor, offset, PLAN_PART_BYTES) ?? new Uint8Array();
    return { base64: Buffer.from(part).toString('base64'), done: offset + part.length >= header.bytes };
  }

  beginImport(floor: string, fileName: string, size: number): { upload: string; partBytes: number } {
    // Refused before any bytes move: the operator hears at once, not after a long upload.
    if (size > MAX_PLAN_BYTES) throw refused(fileName, tooLarge(size));
    if (size === 0) throw refused(fileName, 'the file is empty');
    if (/\.pdf$/i.test(fileName)) throw refused(fileName, PDF_ADVICE);
    return { upload: this.uploads.begin({ kind: 'plan', site: this.options.siteKey(), floor }, fileName, size), partBytes: PLAN_PART_BYTES };
  }

  importPart(upload: string, base64: string): { received: number } {
    return { received: this.uploads.part(upload, Buffer.from(base64, 'base64')) };
  }

  cancelImport(upload: string): { cancelled: boolean } {
    return { cancelled: this.uploads.cancel(upload) };
  }

  finishImport(upload: string): FloorPlan {
    const file = this.uploads.finish(upload);
    const purpose = file.purpose;
    if (purpose.kind !== 'plan') throw new DeskError('invalid-call', 'That upload is a backup: finish it with plans.finishRestore');
    const floorName = this.floorName(purpose.floor);
    return this.audited({ change: 'imported', floor: floorName, plan: file.fileName }, () => {
      this.sameSite(purpose.site);
      const image = checkPlanImage(file.fileName, file.bytes);
      this.plans.savePlan(purpose.site, purpose.floor, {
        name: file.fileName,
        mediaType: image.mediaType,
        source: 'imported',
        image: image.bytes,
        width: image.width,
        height: image.height,
        removed: image.removed,
        updatedAt: this.now(),
      });
      this.options.changed(purpose.floor);
      return this.floorPlan(purpose.site, this.plans.header(purpose.site, purpose.floor)!);
    });
  }

  remove(floor: string): { removed: boolean } {
    const site = this.options.siteKey();
    const header = this.plans.header(site, floor);
    if (!header) return { removed: false };
    return this.audited({ change: 'removed', floor: this.floorName(floor), plan: header.name }, () => {
      const removed = this.plans.removePlan(site, floor);
      this.options.changed(floor);
      return { removed };
    });
  }

  placePin(floor: string, pin: PlanPin): PlanPin[] {
    const site = this.options.siteKey();
    if (!this.plans.placePin(site, floor, { item: layoutKey(pin.href), x: pin.x, y: pin.y })) {
      throw new DeskError('not-found', 'This floor has no plan to place items on: import one first');
    }
    this.options.changed(floor);
    return this.pins(site, floor);
  }

  removePin(floor: string, href: string): PlanPin[] {
    const site = this.options.siteKey();
    if (this.plans.removePin(site, floor, layoutKey(href))) this.options.changed(floor);
    return this.pins(site, floor);
  }

  beginExport(): { export: string; fileName: string; bytes: number; floors: number } {
    const site = this.options.siteKey();
    const headers = this.plans.headers(site);
    const bytes = writeBackup(
      site,
      headers.map((header) => ({ header, image: this.plans.plan(site, header.floor)!.image, pins: this.plans.pins(site, header.floor) })),
      this.now(),
    );
    if (bytes.length > MAX_PLAN_BACKUP_BYTES) {
      // A backup that could not be restored is worse than none: say so rather than hand it over.
      throw new DeskError('bad-request', `This site's plans come to ${(bytes.length / 1024 / 1024).toFixed(0)} MB, more than the ${MAX_PLAN_BACKUP_BYTES / 1024 / 1024} MB a backup may be: remove or shrink the largest plans first.`);
    }
    const fileName = `gatehouse-floor-plans-${site === 'demo' ? 'demo' : safeName(site)}-${new Date(this.now()).toISOString().slice(0, 10)}.json`;
    while (this.exports.size >= MAX_EXPORTS) this.exports.delete(this.exports.keys().next().value!);
    const id = randomUUID();
    this.exports.set(id, { bytes, fileName });
    return { export: id, fileName, bytes: bytes.length, floors: headers.length };
  }

  exportPart(id: string, offset: number): PlanPart {
    const made = this.exports.get(id);
    if (!made) throw new DeskError('not-found', 'That backup is no longer held (it was read to the end or replaced): make it again');
    const part = made.bytes.subarray(offset, offset + PLAN_PART_BYTES);
    const done = offset + part.length >= made.bytes.length;
    if (done) this.exports.delete(id);
    return { base64: part.toString('base64'), done };
  }

  beginRestore(fileName: string, size: number): { upload: string; partBytes: number } {
    if (size > MAX_PLAN_BACKUP_BYTES) {
      throw new DeskError('bad-request', `The backup "${fileName.slice(0, 120)}" was not restored: it is ${(size / 1024 / 1024).toFixed(1)} MB, and a backup may be at most ${MAX_PLAN_BACKUP_BYTES / 1024 / 1024} MB. Nothing was changed.`);
    }
    return { upload: this.uploads.begin({ kind: 'restore', site: this.options.siteKey() }, fileName, size), partBytes: PLAN_PART_BYTES };
  }

  finishRestore(upload: string): { floors: number; pins: number } {
    const file = this.uploads.finish(upload);
    const purpose = file.purpose;
    if (purpose.kind !== 'restore') throw new DeskError('invalid-call', 'That upload is a plan: finish it with plans.finishImport');
    return this.audited({ change: 'restored', floor: 'every floor', plan: file.fileName }, () => {
      this.sameSite(purpose.site);
      const floors = readBackup(file.fileName, file.bytes);
      const before = this.plans.headers(purpose.site).map((h) => h.floor);
      this.plans.replaceSite(purpose.site, floors);
      for (const floor of new Set([...before, ...floors.map((f) => f.floor)])) this.options.changed(floor);
      return { floors: floors.length, pins: floors.reduce((n, f) => n + f.pins.length, 0) };
    });
  }

  private floorPlan(site: string, header: PlanHeader): FloorPlan {
    const board = this.boardHrefs();
    const pins = this.pins(site, header.floor, board);
    return {
      floor: header.floor,
      name: header.name,
      mediaType: header.mediaType,
      width: header.width,
      height: header.height,
      bytes: header.bytes,
      source: header.source,
      updatedAt: header.updatedAt,
      removed: header.removed,
      pins,
      // Before the board has loaded, every pin would look gone: say nothing until it has.
      notOnBoard: board.size === 0 ? [] : pins.filter((p) => !board.has(layoutKey(p.href))).map((p) => p.href),
    };
  }

  /**
   * The floor's pins, each with its item's href as the board has it now (the same site reached on
   * another port gets the new origin); a pin whose item the board lacks keeps its stored path.
   */
  private pins(site: string, floor: string, board = this.boardHrefs()): PlanPin[] {
    return this.plans.pins(site, floor).map((p) => ({ href: board.get(p.item) ?? p.item, x: p.x, y: p.y }));
  }

  /** The board's items by href path → href as given. */
  private boardHrefs(): Map<string, string> {
    return new Map(this.options.boardItems().map((item) => [layoutKey(item.href), item.href]));
  }

  /** The floor as the board names it ("Level 2 · North Building"), for the audit log; the key when the board has no such floor. */
  private floorName(floor: string): string {
    for (const item of this.options.boardItems()) {
      const place = item.floors.find((p) => p.key === floor);
      if (place) return placeLabel(place);
    }
    return floor;
  }

  /** An upload started for one site and finished after a switch would land on the wrong site. */
  private sameSite(site: string): void {
    if (this.options.siteKey() !== site) throw new DeskError('bad-request', 'The desk switched site during the import: nothing was changed. Import the file again.');
  }

  private audited<T>(action: { change: 'imported' | 'removed' | 'restored'; floor: string; plan: string }, run: () => T): T {
    try {
      const result = run();
      this.options.audit?.record({ kind: 'plan.changed', ...action, outcome: 'done' });
      return result;
    } catch (err) {
      this.options.audit?.record({ kind: 'plan.changed', ...action, ...failureOutcome(err) });
      throw err;
    }
  }
}

function safeName(site: string): string {
  return site.replace(/^https?:\/\//, '').replace(/[^A-Za-z0-9.-]+/g, '-').slice(0, 60);
}
