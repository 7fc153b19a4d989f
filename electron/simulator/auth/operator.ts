import type { World } from '../model/world';

/**
 * The operator a REST client acts as: its cardholder's operator groups, each granting privileges
 * in its divisions and all their descendants. The operator's own division, and the group's, play
 * no part (docs/server-interface.md §Licences and operators).
 */
export class Operator {
  private readonly grants = new Map<string, Set<string>>();
  readonly groups: string[];

  constructor(
    readonly clientId: string,
    readonly cardholderId: string,
    world: World,
  ) {
    const groups = world.operatorGroups.filter((g) => g.members.includes(cardholderId));
    this.groups = groups.map((g) => g.id);
    for (const group of groups) {
      for (const privilege of group.privileges) {
        const divisions = this.grants.get(privilege) ?? new Set<string>();
        for (const top of group.divisions) for (const d of world.divisions.subtree(top)) divisions.add(d);
        this.grants.set(privilege, divisions);
      }
    }
  }

  /** True when any of `privileges` applies in `division`. */
  can(privileges: readonly string[], division: string | undefined): boolean {
    if (division === undefined) return false;
    return privileges.some((p) => this.grants.get(p)?.has(division) ?? false);
  }

  /** True when the operator's groups grant any privilege at all in `division` (the divisions list). */
  holdsAnyPrivilegeIn(division: string): boolean {
    for (const divisions of this.grants.values()) if (divisions.has(division)) return true;
    return false;
  }

  /** True when any of `privileges` is held in any division (for items without a division). */
  canAnywhere(privileges: readonly string[]): boolean {
    return privileges.some((p) => (this.grants.get(p)?.size ?? 0) > 0);
  }
}
