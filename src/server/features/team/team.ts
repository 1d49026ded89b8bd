import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  assignableRoles,
  INVITATION_DAYS,
  ROLE_LABELS,
  SEATS,
  seatsMessage,
  type InvitationPreview,
  type InviteBody,
  type Role,
  type Team,
  type TeamInvitation,
  type TeamMember,
  type WorkspaceChoice,
} from '@/domain/team';
import { ErrorCode } from '@/domain/api-errors';
import type { PlanId } from '@/domain/plans';
import type { Db, Executor } from '@/server/db/client';
import { apiKeys, invitations, members, organizations, sessions, users } from '@/server/db/schema/index';
import { conflict, forbiddenRole, HttpError, notFound } from '@/server/lib/http-errors';
import { queueEmail } from '@/server/features/mail/index';
import { recordAudit } from './audit.js';
import type { Membership } from './membership.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** What an invitation link carries: 32 random bytes. Only its hash is stored. */
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Invitations still waiting for an answer. */
const pendingInvitations = (workspaceId: string) =>
  and(eq(invitations.organizationId, workspaceId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, sql`now()`));

/** The workspace, locked for the rest of the transaction: seats are counted and taken one caller at a time. */
async function lockWorkspace(tx: Executor, workspaceId: string) {
  const [workspace] = await tx
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, workspaceId))
    .for('update');
  if (!workspace) throw notFound('This workspace');
  return workspace;
}

async function seatsUsed(tx: Executor, workspaceId: string) {
  const [m] = await tx.select({ n: count() }).from(members).where(eq(members.organizationId, workspaceId));
  const [i] = await tx.select({ n: count() }).from(invitations).where(pendingInvitations(workspaceId));
  return { members: m!.n, invitations: i!.n };
}

const noSeat = (plan: PlanId) => new HttpError(403, ErrorCode.PLAN_LIMIT, seatsMessage(plan));

export async function teamOf(db: Db, me: Membership): Promise<Team> {
  const [workspace] = await db
    .select({ id: organizations.id, name: organizations.name, plan: organizations.plan })
    .from(organizations)
    .where(eq(organizations.id, me.workspaceId));
  const memberRows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: members.role, joinedAt: members.createdAt })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.organizationId, me.workspaceId))
    .orderBy(asc(members.createdAt));
  const invitationRows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      invitedBy: users.name,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(pendingInvitations(me.workspaceId))
    .orderBy(asc(invitations.createdAt));
  const teamMembers: TeamMember[] = memberRows.map((m) => ({ ...m, role: m.role as Role, joinedAt: m.joinedAt.toISOString() }));
  const pending: TeamInvitation[] = invitationRows.map((i) => ({
    ...i,
    role: (i.role ?? 'viewer') as Role,
    expiresAt: i.expiresAt.toISOString(),
  }));
  return {
    workspace: workspace!,
    you: { userId: me.userId, role: me.role },
    members: teamMembers,
    invitations: pending,
    seats: { used: teamMembers.length + pending.length, limit: SEATS[workspace!.plan] },
  };
}

/**
 * Invites `email` as `role` and emails the link (the job is committed with the invitation). A new
 * invitation to an address already invited replaces the old one, whose link stops working.
 */
export async function invite(db: Db, me: Membership, body: Required<InviteBody>, appOrigin: string): Promise<TeamInvitation> {
  if (!assignableRoles(me.role).includes(body.role)) throw forbiddenRole('Only an owner can invite another owner.');
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, me.workspaceId);
    const [already] = await tx
      .select({ id: users.id })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(and(eq(members.organizationId, me.workspaceId), sql`lower(${users.email}) = ${body.email}`));
    if (already) throw conflict(`${body.email} is already a member of this workspace.`);
    await tx
      .update(invitations)
      .set({ status: 'replaced' })
      .where(and(pendingInvitations(me.workspaceId), eq(invitations.email, body.email)));
    const used = await seatsUsed(tx, me.workspaceId);
    if (used.members + used.invitations >= SEATS[workspace.plan]) throw noSeat(workspace.plan);
    const token = randomBytes(32).toString('base64url');
    const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, me.userId));
    const row = {
      id: randomUUID(),
      organizationId: me.workspaceId,
      email: body.email,
      role: body.role,
      status: 'pending',
      expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      inviterId: me.userId,
      tokenHash: hashToken(token),
    };
    await tx.insert(invitations).values(row);
    await queueEmail(tx, {
      template: 'teamInvitation',
      to: body.email,
      props: {
        inviterName: inviter!.name,
        workspaceName: workspace.name,
        role: ROLE_LABELS[body.role],
        url: `${appOrigin}/invite/${token}`,
        expiresInDays: INVITATION_DAYS,
      },
    });
    await recordAudit(tx, me, 'member.invited', `${body.email} as ${ROLE_LABELS[body.role]}`);
    return { id: row.id, email: row.email, role: body.role, invitedBy: inviter!.name, expiresAt: row.expiresAt.toISOString() };
  });
}

export async function revokeInvitation(db: Db, me: Membership, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(and(pendingInvitations(me.workspaceId), eq(invitations.id, id)))
      .returning({ email: invitations.email });
    if (!revoked) throw notFound('This invitation');
    await recordAudit(tx, me, 'invitation.revoked', revoked.email);
  });
}

/** A member of the caller's workspace, locked (404 for anyone else). */
async function memberOf(tx: Executor, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ id: members.id, role: members.role, email: users.email, name: users.name, joinedAt: members.createdAt })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.organizationId, workspaceId), eq(members.userId, userId)))
    .for('update', { of: members });
  if (!row) throw notFound('This member');
  return { ...row, role: row.role as Role };
}

async function otherOwners(tx: Executor, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.organizationId, workspaceId), eq(members.role, 'owner'), ne(members.userId, userId)));
  return row!.n;
}

export async function changeRole(db: Db, me: Membership, userId: string, role: Role): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    await lockWorkspace(tx, me.workspaceId);
    const member = await memberOf(tx, me.workspaceId, userId);
    const mayAssign = assignableRoles(me.role);
    if (!mayAssign.includes(member.role) || !mayAssign.includes(role))
      throw forbiddenRole('Only an owner can make someone an owner or change an owner’s role.');
    if (member.role === 'owner' && role !== 'owner' && (await otherOwners(tx, me.workspaceId, userId)) === 0)
      throw conflict('A workspace needs an owner: make someone else owner first.');
    await tx.update(members).set({ role }).where(eq(members.id, member.id));
    if (member.role !== role)
      await recordAudit(tx, me, 'member.role_changed', `${member.email}: ${ROLE_LABELS[member.role]} → ${ROLE_LABELS[role]}`);
    return { userId, name: member.name, email: member.email, role, joinedAt: member.joinedAt.toISOString() };
  });
}

/** Takes `userId` out of the workspace: their sessions working in it end and their API keys in it are revoked, at once. */
async function dropMember(tx: Executor, workspaceId: string, userId: string) {
  await tx.delete(members).where(and(eq(members.organizationId, workspaceId), eq(members.userId, userId)));
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.activeOrganizationId, workspaceId)));
  await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.createdBy, userId), isNull(apiKeys.revokedAt)));
}

export async function removeMember(db: Db, me: Membership, userId: string): Promise<void> {
  if (userId === me.userId) throw conflict('To leave the workspace yourself, use Leave.');
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, me.workspaceId);
    const member = await memberOf(tx, me.workspaceId, userId);
    if (!assignableRoles(me.role).includes(member.role)) throw forbiddenRole('Only an owner can remove an owner.');
    await dropMember(tx, me.workspaceId, userId);
    await recordAudit(tx, me, 'member.removed', `${member.email} (${ROLE_LABELS[member.role]})`);
  });
}

export async function leave(db: Db, me: Membership): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWorkspace(tx, me.workspaceId);
    const member = await memberOf(tx, me.workspaceId, me.userId);
    if (member.role === 'owner' && (await otherOwners(tx, me.workspaceId, me.userId)) === 0)
      throw conflict('You are the only owner: make someone else owner before you leave.');
    await recordAudit(tx, me, 'member.left', member.email);
    await dropMember(tx, me.workspaceId, me.userId);
  });
}

/** The invitation behind a link's token, without its hash; undefined for a token that was never issued. */
async function invitationBy(tx: Executor, token: string, lock = false) {
  if (!INVITATION_TOKEN.test(token)) return undefined;
  const query = tx
    .select({
      id: invitations.id,
      workspaceId: invitations.organizationId,
      workspaceName: organizations.name,
      plan: organizations.plan,
      email: invitations.email,
      role: invitations.role,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      invitedBy: users.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row && { ...row, role: (row.role ?? 'viewer') as Role };
}

const stateOf = (row: { status: string; expiresAt: Date }): InvitationPreview['state'] =>
  row.status !== 'pending' ? 'used' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';

/** What the invitation page shows before anyone signs in. A revoked or replaced link reads as used. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const row = await invitationBy(db, token);
  if (!row) throw notFound('This invitation');
  return { workspaceName: row.workspaceName, invitedBy: row.invitedBy, email: row.email, role: row.role, state: stateOf(row) };
}

/**
 * Joins the signed-in user to the invitation's workspace, once: the link must be valid and the
 * account's address the invited one (the link proves access to that mailbox, the session proves the
 * account). This session then works in the workspace.
 */
export async function acceptInvitation(
  db: Db,
  user: { id: string; email: string },
  sessionId: string,
  token: string,
): Promise<WorkspaceChoice> {
  return db.transaction(async (tx) => {
    // Read once to learn the workspace, then locked after it, in the order inviting locks them
    // (workspace, then invitation), so an accept and an invite never wait on each other.
    const found = await invitationBy(tx, token);
    if (!found) throw notFound('This invitation');
    const workspace = await lockWorkspace(tx, found.workspaceId);
    const row = (await invitationBy(tx, token, true))!;
    const state = stateOf(row);
    if (state === 'used') throw conflict('This invitation has already been used or was withdrawn. Ask for a new one.');
    if (state === 'expired') throw conflict('This invitation has expired. Ask for a new one.');
    if (user.email.toLowerCase() !== row.email.toLowerCase())
      throw forbiddenRole(`This invitation is for ${row.email}. Sign in with that address to accept it.`);
    const [already] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.organizationId, row.workspaceId), eq(members.userId, user.id)));
    if (!already) {
      const used = await seatsUsed(tx, row.workspaceId);
      // This invitation holds one of the seats counted; a plan lowered since may have fewer.
      if (used.members + used.invitations > SEATS[workspace.plan]) throw noSeat(workspace.plan);
      await tx.insert(members).values({ id: randomUUID(), organizationId: row.workspaceId, userId: user.id, role: row.role });
      await recordAudit(
        tx,
        { userId: user.id, workspaceId: row.workspaceId },
        'member.joined',
        `${user.email} as ${ROLE_LABELS[row.role]}`,
      );
    }
    await tx
      .update(invitations)
      .set({ status: 'accepted', acceptedAt: sql`now()` })
      .where(eq(invitations.id, row.id));
    await tx
      .update(sessions)
      .set({ activeOrganizationId: row.workspaceId })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)));
    const [member] = await tx
      .select({ role: members.role })
      .from(members)
      .where(and(eq(members.organizationId, row.workspaceId), eq(members.userId, user.id)));
    return { id: row.workspaceId, name: workspace.name, role: member!.role as Role, active: true };
  });
}
