import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { EventView, ListEnvelope, SuccessEnvelope } from '@momo/contracts';
import { EventScope, EventsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { decodeCursor, isUuid, paginate } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { EventEnvelope, EventListEnvelope } from './event.schemas';
import { ListEventsQuery } from './list-events.query';

/**
 * Every event that was or will be sent as a webhook, with the same body, for catching up after
 * missed webhooks and for developer tools (`momo listen`). App keys read their app's events;
 * account keys read every app's of the account (like the delivery log). Always in the key's mode.
 */
@ApiTags('events')
@Controller('v1/events')
@UseGuards(ApiKeyGuard)
@RequiresKey('app', 'account')
@ApiAuthenticated()
export class EventsController {
  constructor(private readonly events: EventsRepository) {}

  @Get()
  @ApiOperation({
    summary: 'List events',
    description: "App key: the app's events; account key: every app's (or `app_id`'s). Newest first, in the key's mode; each is exactly the body of its webhook.",
  })
  @ApiSuccess(200, EventListEnvelope, 'One page of events.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListEventsQuery): Promise<ListEnvelope<EventView>> {
    const limit = query.limit ?? 20;
    const scope = scopeOf(principal, query.app_id);
    if (!scope) return { success: true, data: [], pagination: { limit, has_more: false, next_cursor: null } };
    const rows = await this.events.list(
      scope,
      {
        types: query.type,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
      },
      limit,
      decodeCursor(query.cursor),
    );
    return { success: true, ...paginate(rows.map((r) => ({ item: JSON.parse(r.event.body) as EventView, position: r.position })), limit) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One event', description: 'Exactly the body of its webhook. Another app\'s (or mode\'s) event is 404, like one that does not exist.' })
  @ApiSuccess(200, EventEnvelope, 'The event.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<EventView>> {
    const scope = scopeOf(principal);
    const found = scope && isUuid(id) ? await this.events.find(id, scope) : null;
    if (!found) throw ApiError.of('NOT_FOUND');
    return { success: true, data: JSON.parse(found.body) as EventView };
  }
}

/** What the key may read; null when an app key asks for another app (it sees nothing, not an error). */
function scopeOf(principal: Principal, appFilter?: string): EventScope | null {
  if (principal.kind === 'app') {
    if (appFilter && appFilter !== principal.appId) return null;
    return { merchantId: principal.merchantId, mode: principal.mode, appId: principal.appId! };
  }
  return { merchantId: principal.merchantId, mode: principal.mode, appId: appFilter };
}
